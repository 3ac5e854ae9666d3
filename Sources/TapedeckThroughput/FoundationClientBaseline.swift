import Foundation

/// Decodable mirrors of the client envelopes a synthetic session sends, for the Foundation
/// baselines of `tapedeck bench decode`. Other client types decode only `type` (their body is
/// still parsed by JSONDecoder, just not mapped).
public enum FoundationClientBaseline {
    struct ClaimEvent: Decodable { let eventId: String; let timestamp: String }
    struct AnswerQuestion: Decodable { let questionId: String; let optionId: String }
    struct SpeedChange: Decodable { let speed: Int }
    struct SetFocus: Decodable { let focusId: String }
    struct HabitAction: Decodable { let habitId: String }

    struct ClientEnvelope: Decodable {
        enum Body {
            case claimEvent(ClaimEvent)
            case answerQuestion(AnswerQuestion)
            case speed(SpeedChange)
            case setFocus(SetFocus)
            case quitHabit(HabitAction)
            case stopQuitHabit(HabitAction)
            case other(String)
        }

        enum CodingKeys: String, CodingKey { case type, message }

        let body: Body

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let type = try container.decode(String.self, forKey: .type)
            switch type {
            case "claimEvent": body = .claimEvent(try container.decode(ClaimEvent.self, forKey: .message))
            case "answerQuestion": body = .answerQuestion(try container.decode(AnswerQuestion.self, forKey: .message))
            case "speed": body = .speed(try container.decode(SpeedChange.self, forKey: .message))
            case "setFocus": body = .setFocus(try container.decode(SetFocus.self, forKey: .message))
            case "quitHabit": body = .quitHabit(try container.decode(HabitAction.self, forKey: .message))
            case "stopQuitHabit": body = .stopQuitHabit(try container.decode(HabitAction.self, forKey: .message))
            default: body = .other(type)
            }
        }
    }
}

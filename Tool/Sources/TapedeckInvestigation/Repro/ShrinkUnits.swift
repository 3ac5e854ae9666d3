import TapedeckProtocol
import TapedeckReplay

/// The records of a tape grouped for shrinking. `open` records always stay (the header is kept
/// by writing the tape with the same metadata). Records that name each other stay together: a life
/// event (`messageEvent.id`) with the claims and claim results that name it (`claimEvent.eventId`,
/// `claimResult.eventId`), a question (`questionEvent.id`) with its answers
/// (`answerQuestion.questionId`). Every other record is a unit of its own.
package struct ShrinkUnits: Sendable, Equatable {
    package var fixed: [Int]
    /// Record indices per unit, in tape order, units ordered by their first record.
    package var units: [[Int]]

    /// Groups records `0...last` of `tape`.
    package init(tape: ReproTape, through last: Int) {
        var fixed: [Int] = []
        var units: [[Int]] = []
        var unitOfKey: [String: Int] = [:]
        for index in 0...last {
            let input = tape.inputs[index]
            if case .connection(.opened) = input {
                fixed.append(index)
                continue
            }
            guard let key = Self.key(of: input) else {
                units.append([index])
                continue
            }
            if let unit = unitOfKey[key] {
                units[unit].append(index)
            } else {
                unitOfKey[key] = units.count
                units.append([index])
            }
        }
        self.fixed = fixed
        self.units = units
    }

    /// The id a record shares with the records it depends on, if any.
    static func key(of input: ReplayInput) -> String? {
        switch input {
        case .server(.messageEvent(let event)): "event:" + event.id
        case .server(.claimResult(let result)): "event:" + result.eventId
        case .client(.claimEvent(let claim)): "event:" + claim.eventId
        case .server(.questionEvent(let question)): "question:" + question.id
        case .client(.answerQuestion(let answer)): "question:" + answer.questionId
        default: nil
        }
    }

    /// The record indices of `fixed` plus the chosen units, in tape order.
    package func indices(of chosen: [[Int]]) -> [Int] {
        (fixed + chosen.joined()).sorted()
    }
}

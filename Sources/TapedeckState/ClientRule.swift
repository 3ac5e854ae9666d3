/// A decision the client makes when it applies a message, with a stable name. docs/STATE-MACHINES.md
/// lists every rule under the same name; `ClientState.firedRules` says which ones the last input
/// fired, and `tapedeck coverage` counts them over tapes. Names never change once published: a
/// renamed rule is a new rule.
public enum ClientRule: Int, CaseIterable, Sendable, Comparable {
    // Server messages
    case updateFieldsPresent, batchUpdateFieldsPresent, playerObjectReplaces, playerObjectClearsError
    case personObjectOwnResources, personObjectMergesKnown, personObjectAppendsNew
    case relationshipEventUpdates, relationshipEventCreates, conversationEventAppends, conversationEventCreates
    case messageEventNewestFirst, messageEventDropsOldest, messageEventNegativeAutoClaimed, messageEventMixedIsNegative
    case messageEventCategoryKeyword, messageEventCategoryNeutral
    case questionEventQueued, questionEventShown
    case claimResultConfirms, claimResultRollsBack, claimResultRejectionKeepsClaim
    case purchaseResultSetsBalances, purchaseResultAddsItem, purchaseResultTimeSkipSummary
    case purchaseResultFailureError, purchaseResultInsufficientFundsWarning
    case matchResultMatchToast, errorShown
    case achievementsListReplaces, achievementUnlockedQueued
    case dailyRewardClaimedStreak, questRewardClaimedRecorded
    case energyRefillTiersReplace, timeSkipTiersReplace, extraCurricularsReplace, playerStatisticsReplace
    case dataExportCompleteRecorded, accountDeletionScheduledRecorded
    case toastsDropOldest
    // Client messages
    case speedOptimistic, claimEventOptimistic, claimEventIgnored
    case answerQuestionDeductsCosts, answerQuestionShowsNext, answerQuestionUnknownIgnored
    case quitHabitStartsQuitting, quitHabitIgnored, stopQuitHabitReactivates, setFocusSelectsOne, setFocusUnknownIgnored
    case clientChangeFloorsAtZero
    // Connection
    case connectionOpened, connectionClosed, connectionFailed
    // The app's own UI, not a message
    case achievementAcknowledged

    /// What makes the rule fire.
    public enum Trigger: String, Sendable, CaseIterable {
        /// A message from the server.
        case server
        /// A message the client sends.
        case client
        /// The socket opened, closed or failed.
        case connection
        /// The player's tap in the app: no WebSocket message carries it, so no tape can show it.
        case userInterface
    }

    /// Orders rules by declaration order (their raw value).
    public static func < (lhs: ClientRule, rhs: ClientRule) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The rule's name for a stable name, e.g. `messageEvent.negativeAutoClaimed`.
    ///
    /// - Parameter name: A rule's stable name; nil for a name no rule has.
    public init?(name: String) {
        guard let rule = Self.byName[name] else { return nil }
        self = rule
    }

    private static let byName: [String: ClientRule] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

    /// What sets the rule off: a server message, a client action, the connection or the user interface.
    public var trigger: Trigger {
        switch self {
        case .speedOptimistic, .claimEventOptimistic, .claimEventIgnored, .answerQuestionDeductsCosts,
            .answerQuestionShowsNext, .answerQuestionUnknownIgnored, .quitHabitStartsQuitting, .quitHabitIgnored,
            .stopQuitHabitReactivates, .setFocusSelectsOne, .setFocusUnknownIgnored:
            .client
        case .connectionOpened, .connectionClosed, .connectionFailed: .connection
        case .achievementAcknowledged: .userInterface
        case .clientChangeFloorsAtZero:
            // Fires for the client's own changes, which a server message (an automatic claim, a
            // rollback) can make as well as a client message.
            .client
        default: .server
        }
    }
}

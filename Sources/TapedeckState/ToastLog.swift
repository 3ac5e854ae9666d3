/// The toasts the app's ToastManager has shown, newest last. The app dismisses each after a few
/// seconds of real time; the model keeps the last `capacity` instead, so a snapshot does not depend
/// on how fast a session ran.
public struct ToastLog: Sendable, Equatable {
    /// The most toasts kept: 20.
    public static let capacity = 20

    /// The last toasts shown, oldest first, at most `capacity`.
    public var recent: [Toast] = []
    /// How many toasts the session has shown, dropped ones included.
    public var shownCount: Int = 0

    /// An empty log.
    public init() {}

    /// Shows a toast; returns whether the oldest was dropped to make room.
    ///
    /// - Parameter toast: The toast shown.
    /// - Returns: True when the oldest toast was dropped.
    @discardableResult
    public mutating func show(_ toast: Toast) -> Bool {
        recent.append(toast)
        shownCount = shownCount == Int.max ? shownCount : shownCount + 1
        guard recent.count > Self.capacity else { return false }
        recent.removeFirst()
        return true
    }
}

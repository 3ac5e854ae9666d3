/// A short notice the app would show (the app's ToastManager styles).
public struct Toast: Sendable, Equatable {
    /// How the toast looks: the app's success, error, warning and info styles.
    public enum Style: String, Sendable, Equatable, CaseIterable {
        case success, error, warning, info
    }

    /// How the toast looks.
    public var style: Style
    /// The text shown.
    public var text: String

    /// A toast.
    ///
    /// - Parameters:
    ///   - style: How it looks.
    ///   - text: The text shown.
    public init(_ style: Style, _ text: String) {
        self.style = style
        self.text = text
    }
}

/// A short notice the app would show (the app's ToastManager styles).
public struct Toast: Sendable, Equatable {
    public enum Style: String, Sendable, Equatable, CaseIterable {
        case success, error, warning, info
    }

    public var style: Style
    public var text: String

    public init(_ style: Style, _ text: String) {
        self.style = style
        self.text = text
    }
}

import TapedeckCore

extension CivilDate {
    /// Northern-hemisphere meteorological seasons, as the app names them.
    package var season: String {
        switch month {
        case 3...5: "spring"
        case 6...8: "summer"
        case 9...11: "autumn"
        default: "winter"
        }
    }
}

import TestSupport
import Testing

@testable import TapedeckCore

@Suite(.cpuBound) struct CivilDateTests {
    @Test(arguments: [
        (0, CivilDate(year: 1970, month: 1, day: 1)),
        (-1, CivilDate(year: 1969, month: 12, day: 31)),
        (11016, CivilDate(year: 2000, month: 2, day: 29)),
        (19782, CivilDate(year: 2024, month: 2, day: 29)),
        (20240, CivilDate(year: 2025, month: 6, day: 1)),
        (-719_528, CivilDate(year: 0, month: 1, day: 1)),
    ])
    func convertsDayNumbersBothWays(days: Int, date: CivilDate) {
        #expect(CivilDate(daysSince1970: days) == date)
        #expect(date.daysSince1970 == days)
    }

    @Test func roundTripsEveryDayOfFourCenturies() {
        var previous = CivilDate(daysSince1970: -146_098)
        for days in -146_097...146_097 {
            let date = CivilDate(daysSince1970: days)
            #expect(date.daysSince1970 == days)
            #expect(previous < date)
            #expect(date.day <= CivilDate.daysInMonth(date.month, year: date.year))
            previous = date
        }
    }

    @Test func parsesOnlyDatesThatExist() {
        #expect(CivilDate(iso: "2025-06-01") == CivilDate(year: 2025, month: 6, day: 1))
        #expect(CivilDate(iso: "2024-02-29") == CivilDate(year: 2024, month: 2, day: 29))
        #expect(CivilDate(iso: "2000-02-29") != nil)
        #expect(CivilDate(iso: "1900-02-29") == nil)
        #expect(CivilDate(iso: "2025-02-29") == nil)
        #expect(CivilDate(iso: "2025-04-31") == nil)
        #expect(CivilDate(iso: "2025-13-01") == nil)
        #expect(CivilDate(iso: "2025-00-10") == nil)
        #expect(CivilDate(iso: "2025-01-00") == nil)
        #expect(CivilDate(iso: "2025-6-01") == nil)
        #expect(CivilDate(iso: "2025/06/01") == nil)
        #expect(CivilDate(iso: "+025-06-01") == nil)
        #expect(CivilDate(iso: "") == nil)
    }

    @Test func printsYearMonthDay() {
        #expect(CivilDate(year: 2025, month: 2, day: 20).iso == "2025-02-20")
        #expect(CivilDate(year: 999, month: 1, day: 1).iso == "0999-01-01")
        #expect(CivilDate(year: 12345, month: 1, day: 2).iso == "12345-01-02")
        #expect(CivilDate(year: -1, month: 12, day: 31).iso == "-0001-12-31")
        #expect(CivilDate(iso: CivilDate(daysSince1970: 20240).iso) == CivilDate(daysSince1970: 20240))
    }

    @Test func countsWeekdaysFromMonday() {
        #expect(CivilDate(year: 1970, month: 1, day: 1).weekday == 3)
        #expect(CivilDate(year: 2025, month: 2, day: 20).weekday == 3)
        #expect(CivilDate(year: 2026, month: 1, day: 19).weekday == 0)
        #expect(CivilDate(year: 2026, month: 1, day: 25).weekday == 6)
        #expect(CivilDate(year: 1969, month: 12, day: 28).weekday == 6)
    }
}

import Testing

@testable import TapedeckState

@Suite struct VirtualTimeTests {
    @Test func ordersByNanoseconds() {
        #expect(VirtualTime(nanoseconds: 1) < VirtualTime(nanoseconds: 2))
        #expect(VirtualTime.zero.nanoseconds == 0)
    }
}

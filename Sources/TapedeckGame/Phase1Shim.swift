import TapedeckProtocol
// PHASE1-SHIM: removed once the codec lands on main.
extension ServerMessage { public func encodedForExport() -> [UInt8] { Array(String(describing: self).utf8) } }

import Dispatch

#if canImport(Combine)
import Combine
#else
import OpenCombine
import OpenCombineDispatch
#endif

extension DispatchQueue {
    /// The main queue as a Combine scheduler, for `.receive(on: DispatchQueue.mainScheduler)`:
    /// `DispatchQueue.main` itself with Combine, its OpenCombine wrapper elsewhere (Linux).
    #if canImport(Combine)
    static var mainScheduler: DispatchQueue { .main }
    #else
    static var mainScheduler: DispatchQueue.OCombine { DispatchQueue.main.ocombine }
    #endif
}

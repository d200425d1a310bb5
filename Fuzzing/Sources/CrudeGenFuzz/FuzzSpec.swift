import CrudeGenCore
import Foundation

/// libFuzzer's entry point: any bytes must yield files or diagnostics, never a crash or a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    do {
        let output = try Generator().generate(spec: data, file: "fuzz.yaml")
        precondition(!output.files.isEmpty, "a spec that passes validation generates at least the API file")
    } catch {
        precondition(error.diagnostics.containsErrors, "a rejected spec must say why")
    }
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// SwiftPM links executables with `main` defined as `<module>_main`; hand control to libFuzzer's driver
/// from there, since `-parse-as-library` leaves no Swift `main`.
@_cdecl("CrudeGenFuzz_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return runFuzzerDriver(&count, &arguments) { start, size in fuzzSpec(start, size) }
}

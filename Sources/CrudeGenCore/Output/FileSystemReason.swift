import Foundation

/// One sentence for why a file-system call failed, instead of Foundation's `NSCocoaErrorDomain` dump.
package enum FileSystemReason {
    /// The POSIX reason behind `error` (`No such file or directory`), or its description.
    package static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(nsError.code)))
        }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        switch nsError.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return String(cString: strerror(ENOENT))
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return String(cString: strerror(EACCES))
        case NSFileWriteFileExistsError: return String(cString: strerror(EEXIST))
        case NSFileWriteOutOfSpaceError: return String(cString: strerror(ENOSPC))
        default: return nsError.localizedDescription
        }
    }

    /// What is at `path`: nothing, a folder, or something else.
    package enum Kind {
        case missing, folder, file
    }

    package static func kind(of path: String) -> Kind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        return isDirectory.boolValue ? .folder : .file
    }
}

// Decodes the benchmark's JSON array once with one decoder, with no concurrency, so that valgrind can count
// its instructions (valgrind 3.19 dies on crude-bench's async code). `bench.py --parts profile` runs it under
// callgrind with `none`, `handwritten` and `generated` and reports instructions per item above `none`.
//
//   decode-profile none|handwritten|generated [megabytes]

import BenchModels
import BenchSupport
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 2, ["none", "handwritten", "generated"].contains(arguments[1]) else {
    fatalError("usage: decode-profile none|handwritten|generated [megabytes]")
}
let (data, count) = itemArrayJSON(megabytes: arguments.count > 2 ? Double(arguments[2])! : 1)
switch arguments[1] {
case "handwritten":
    let values = try handDecoder().decode([HandItem].self, from: data)
    precondition(values.count == count)
case "generated":
    let values = try JSONDecoder().decode([Item].self, from: data)
    precondition(values.count == count)
default:
    break
}
print("\(arguments[1]): \(count) items, \(data.count) bytes")

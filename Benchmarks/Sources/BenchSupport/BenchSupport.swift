// What the benchmark executables share: the hand-written comparison struct and the JSON they decode.

import BenchModels
import Foundation

// MARK: the hand-written comparison

/// What a careful developer writes by hand for the same JSON.
public struct HandItem: Codable, Equatable, Sendable {
    public var id: String?
    public var count: Int
    public var note: String?
    public var createdAt: Date
    public var score: Double
    public var tags: [String]

    public init(id: String?, count: Int, note: String?, createdAt: Date, score: Double, tags: [String]) {
        self.id = id
        self.count = count
        self.note = note
        self.createdAt = createdAt
        self.score = score
        self.tags = tags
    }

    enum CodingKeys: String, CodingKey {
        case id, count, note
        case createdAt = "created_at"
        case score, tags
    }
}

public func handDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
}

public func handEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    return encoder
}

public func same(_ item: Item, _ hand: HandItem) -> Bool {
    item.id == hand.id && item.count == hand.count && item.note == hand.note && item.createdAt == hand.createdAt
        && item.score == hand.score && item.tags == hand.tags
}

public func itemJSON(_ index: Int) -> String {
    let note =
        switch index % 3 {
        case 0: #""note": "note number \#(index)", "#
        case 1: #""note": null, "#
        default: ""
        }
    let second = index % 60
    let minute = (index / 60) % 60
    let hour = (index / 3600) % 24
    let time = String(format: "%02d:%02d:%02d", hour, minute, second)
    return
        #"{"id": "item-\#(index)", "count": \#(index), \#(note)"created_at": "2024-05-01T\#(time)Z", "score": \#(Double(index) / 8), "tags": ["alpha", "beta", "tag\#(index % 10)"]}"#
}

/// A JSON array of `itemJSON(0...)` of at least `megabytes`, and the number of items in it.
public func itemArrayJSON(megabytes: Double) -> (data: Data, count: Int) {
    var text = "["
    var count = 0
    let target = Int(megabytes * 1_000_000)
    while text.utf8.count < target {
        if count > 0 { text += ",\n" }
        text += itemJSON(count)
        count += 1
    }
    text += "]"
    return (Data(text.utf8), count)
}

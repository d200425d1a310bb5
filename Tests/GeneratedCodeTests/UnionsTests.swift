import CrudeRuntime
import FixtureUnions
import Foundation
import TestHTTPServer
import Testing

/// The unions of Fixtures/unions/spec.yaml read and sent by the generated client against a real HTTP
/// server: a discriminator picks the variant and is always sent, variants without one are tried in order,
/// and a value no variant reads is kept as sent and sent back unchanged.
@Suite struct UnionsTests {
    static let userJSON = #"""
        {"id": 7, "name": "Ada",
         "contact": {"type": "phone_contact_method", "country_code": 44, "number": "020 7946 0000"},
         "methods": [{"type": "email_contact_method", "address": "ada@example.com"},
                     {"type": "push_notification_contact_method", "device": "iPhone", "sound": null}],
         "label": [{"name": "vip"}],
         "reach": {"street": "12 St James's Square"}}
        """#

    @Test func eachVariantIsReadAndWhatNoneReadsIsKept() async throws {
        let server = try await TestServer { _ in .json(Self.userJSON) }
        defer { Task { await server.stop() } }
        let client = APIClient(configuration: Unions.configuration(baseURL: server.origin))
        let user = try await User.read(id: 7, on: client)
        #expect(user.contact == .phone(PhoneContactMethod(countryCode: 44, number: "020 7946 0000")))
        #expect(user.methods.first == .emailContactMethod(EmailContactMethod(type: "email_contact_method", address: "ada@example.com")))
        let unknown = JSONValue.object(["type": .string("push_notification_contact_method"), "device": .string("iPhone"), "sound": .null])
        #expect(user.methods.last == .unknown(unknown))
        #expect(user.label == .tagList([Tag(name: "vip")]))
        #expect(user.reach == .default(Address(street: "12 St James's Square")))

        // Sent back, the unknown method is the object received, and the phone says its tag though the
        // model has no field for it.
        _ = try await user.update(on: client)
        let sent = try #require(server.received.last?.jsonObject)
        let contact = try #require(sent["contact"] as? [String: Any])
        #expect(contact["type"] as? String == "phone_contact_method" && contact["country_code"] as? Int == 44)
        let methods = try #require(sent["methods"] as? [[String: Any]])
        #expect(methods.last?["type"] as? String == "push_notification_contact_method" && methods.last?["sound"] is NSNull)
        #expect(methods.last?["device"] as? String == "iPhone")
    }

    @Test func variantsWithoutADiscriminatorAreTriedInOrder() throws {
        let decoder = JSONDecoder()
        #expect(try decoder.decode(Label.self, from: Data("42".utf8)) == .int(42))
        #expect(try decoder.decode(Label.self, from: Data(#""42""#.utf8)) == .string("42"))
        #expect(try decoder.decode(Label.self, from: Data("true".utf8)) == .unknown(.bool(true)))
        // An object that is no address is a contact method, and one of no known type is unknown there.
        #expect(
            try decoder.decode(Reach.self, from: Data(#"{"type": "email_contact_method", "address": "a@b.c"}"#.utf8))
                == .method(.emailContactMethod(EmailContactMethod(type: "email_contact_method", address: "a@b.c"))))
        #expect(try decoder.decode(Reach.self, from: Data(#"{"type": "fax"}"#.utf8)) == .method(.unknown(.object(["type": .string("fax")]))))
    }

    @Test func aDiscriminatedVariantThatDoesNotReadFailsWithItsKey() throws {
        let broken = Data(#"{"type": "phone_contact_method", "number": "1"}"#.utf8)
        #expect {
            try JSONDecoder().decode(ContactMethod.self, from: broken)
        } throws: { error in
            guard case let DecodingError.keyNotFound(key, _)? = error as? DecodingError else { return false }
            return key.stringValue == "country_code"
        }
    }

    @Test func theCaseDecidesTheTagSent() throws {
        let email = ContactMethod.emailContactMethod(EmailContactMethod(type: "something else", address: "a@b.c"))
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(email)) as? [String: Any])
        #expect(object["type"] as? String == "email_contact_method" && object["address"] as? String == "a@b.c")
    }
}

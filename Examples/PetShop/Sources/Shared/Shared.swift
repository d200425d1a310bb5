// The types are generated from Shared.crude.yaml by the build plugin; a target needs a Swift file of its own.

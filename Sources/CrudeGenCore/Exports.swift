// The pipeline's API hands out the engine's types (files, diagnostics, templates), so importing
// CrudeGenCore is enough to use it.
@_exported import CrudeGenEngine

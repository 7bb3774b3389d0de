// The umbrella: `import JourneyKit` gives a library user the pipeline's modules, lowest first
// (docs/architecture.md).
@_exported import JourneyCore
@_exported import JourneyFormat
@_exported import JourneyRecording
@_exported import JourneyReport
@_exported import JourneyRun
@_exported import JourneySuite

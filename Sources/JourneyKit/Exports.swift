@_exported import JourneyCore

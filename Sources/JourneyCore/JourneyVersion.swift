/// journey's version number: the one place it is written. `journey --version` prints it with the
/// commit the binary was built from, HAR recordings name it as their creator's version, and
/// `scripts/release` names the tarball after it.
package enum JourneyVersion {
    /// The release's number, `MAJOR.MINOR.PATCH`.
    package static let number = "0.1.0"
}

import ArgumentParser

/// `--catalog PATH` and `--no-catalog`, shared by the commands that write to a recording folder's
/// catalog (`record` adds its tapes, `check` its results).
struct CatalogOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The catalog to write to (default: catalog.sqlite in the folder).", valueName: "path"))
    var catalog: String?

    @Flag(name: .customLong("no-catalog"), help: "Do not write to a catalog.")
    var noCatalog = false

    func validate() throws {
        if noCatalog && catalog != nil { throw ValidationError("--catalog and --no-catalog cannot be used together.") }
    }

    /// The catalog file for the recording folder `folder`; nil with `--no-catalog`.
    func path(inFolder folder: String) -> String? {
        noCatalog ? nil : catalog ?? folder + "/catalog.sqlite"
    }
}

# Homebrew formula for the `tapedeck` command line, built from source (README.md, "Installing"):
#   brew install --formula ./Formula/tapedeck.rb          # the tagged release
#   brew install --HEAD --formula ./Formula/tapedeck.rb   # main
# Its install step is the repository's own `make install`, which the test InstallTests runs.
class Tapedeck < Formula
  desc "Record, replay and check WebSocket sessions"
  homepage "https://github.com/your-org/tapedeck"
  # The tag is the version `tapedeck --version` prints (Sources/TapedeckCore/TapedeckVersion.swift).
  url "https://github.com/your-org/tapedeck.git", tag: "0.1.0"
  head "https://github.com/your-org/tapedeck.git", branch: "main"

  # Swift 6.1 tools (Package.swift): Xcode 16.3 on macOS, Homebrew's swift on Linux.
  depends_on xcode: ["16.3", :build]
  depends_on "pkgconf" => :build
  depends_on "lz4"
  uses_from_macos "swift" => :build
  uses_from_macos "sqlite"

  def install
    # Homebrew has installed lz4 and pkgconf above, so make's own `deps` step is skipped.
    system "make", "install", "PREFIX=#{prefix}", "INSTALL_DEPS="
  end

  test do
    assert_equal "#{version}\n", shell_output("#{bin}/tapedeck --version")
    assert_match "tapedeck", (zsh_completion/"_tapedeck").read
    assert_path_exists man1/"tapedeck.1"
  end
end

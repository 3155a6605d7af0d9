# Sourced by the project's scripts: the project-local toolchain first on PATH and Pulumi kept
# offline and inside the repository (every folder below is git-ignored).
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$root/.tools/bin:$root/node_modules/.bin:$PATH"
export PULUMI_HOME="${PULUMI_HOME:-$root/.pulumi-home}"
export PULUMI_SKIP_UPDATE_CHECK=true
export PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true
export PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK=true
export PULUMI_CONFIG_PASSPHRASE="${PULUMI_CONFIG_PASSPHRASE:-}"

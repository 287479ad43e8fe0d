#!/usr/bin/env bash
# Formats the Swift sources with the checked-in .swift-format (the toolchain's swift-format).
#
#   scripts/format.sh           # rewrite the files in place
#   scripts/format.sh --check   # change nothing; exit 1, naming each place, if a file is not
#                               # formatted or breaks an enabled lint rule (what CI runs)
#
# Rules switched off in .swift-format, on purpose: AlwaysUseLowerCamelCase (Apple's wire names
# such as `notification_type` appear as they are), OnlyOneTrailingClosureArgument (labelled
# closure arguments read better in the test harnesses), DontRepeatTypeInStaticProperties and
# UseSynthesizedInitializer (explicit names and initializers kept where they document intent).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

paths=(Package.swift Sources Tests Client/Package.swift Client/Sources Fuzz/Package.swift Fuzz/Sources)
if [ "${1:-}" = --check ]; then
    swift format lint --strict --recursive --parallel "${paths[@]}"
else
    swift format format --in-place --recursive --parallel "${paths[@]}"
fi

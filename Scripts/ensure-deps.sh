#!/usr/bin/env bash
# Installs what building and testing Specwright needs, when it is missing: libyaml (the only
# C dependency), python3 (the runtime tests start a small HTTP server from its standard library)
# and its venv module (the integration tests install httpbin into a virtual environment), and
# php-cli when SPECWRIGHT_NEEDS_PHP=1 (the Stripe wire test sends requests to PHP's own parser).
# Sourced by the other scripts; safe to run more than once.
set -euo pipefail

have_libyaml() {
    if command -v pkg-config >/dev/null 2>&1; then
        pkg-config --exists yaml-0.1 && return 0
    fi
    [ -f /usr/include/yaml.h ] || [ -f /usr/local/include/yaml.h ] || [ -f /opt/homebrew/include/yaml.h ]
}

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
        echo "error: '$*' needs root; run it as root or install sudo" >&2; return 1
    fi
}

apt_install() {
    as_root apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

if ! have_libyaml || ! command -v pkg-config >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1; then
        echo "Installing libyaml-dev and pkg-config (apt-get)..." >&2
        apt_install libyaml-dev pkg-config
    elif command -v brew >/dev/null 2>&1; then
        echo "Installing libyaml and pkg-config (brew)..." >&2
        brew install libyaml pkg-config
    else
        echo "error: Specwright needs libyaml: install libyaml-dev (Debian/Ubuntu), libyaml-devel (Fedora) or libyaml (Homebrew)" >&2
        exit 1
    fi
fi

if [ "${SPECWRIGHT_NEEDS_PYTHON:-0}" = 1 ] && ! command -v python3 >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1; then
        echo "Installing python3 (apt-get)..." >&2
        apt_install python3
    else
        echo "error: the runtime tests need python3 for their loopback HTTP server; install python3" >&2
        exit 1
    fi
fi

if [ "${SPECWRIGHT_NEEDS_PYTHON:-0}" = 1 ] && ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1; then
        echo "Installing python3-venv (apt-get)..." >&2
        apt_install python3-venv
    else
        echo "error: the integration tests need Python's venv module; install it (python3-venv on Debian)" >&2
        exit 1
    fi
fi

if [ "${SPECWRIGHT_NEEDS_PHP:-0}" = 1 ] && ! command -v php >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1; then
        echo "Installing php-cli (apt-get)..." >&2
        apt_install php-cli
    else
        echo "error: the Stripe wire test needs PHP's command-line interpreter; install php-cli" >&2
        exit 1
    fi
fi

// The system libyaml (libyaml-dev / brew libyaml), exposed to Swift as module CYAML.
#include <yaml.h>

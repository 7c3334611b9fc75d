#!/usr/bin/env node
require('../lib-cli/cli.js');

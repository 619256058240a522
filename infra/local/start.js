#!/usr/bin/env node
// `npm start`: install and build what is missing, then run the whole product.
const { ensureInstalled, ensureBuilt } = require('./bootstrap');

ensureInstalled();
ensureBuilt();
require('../dist/local/orchestrator.js')
  .main(process.argv.slice(2))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });

// An independent HAR 1.2 check: Debian's node-har-validator (its har-schema JSON Schemas, checked
// with ajv) on a HAR file. Usage: NODE_PATH=/usr/share/nodejs node validate_har.js FILE.har
// Prints "valid" and exits 0, or prints the schema errors (JSON) and exits 1.
const fs = require("fs");
const validate = require("har-validator");

validate
  .har(JSON.parse(fs.readFileSync(process.argv[2], "utf8")))
  .then(() => console.log("valid"))
  .catch((error) => {
    console.log(JSON.stringify(error.errors || String(error)));
    process.exit(1);
  });

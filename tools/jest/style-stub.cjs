// Stylesheets imported by components: webpack bundles them; in jsdom they are nothing.
module.exports = {};

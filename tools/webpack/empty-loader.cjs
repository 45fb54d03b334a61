// Server bundles leave stylesheets out: the page links the browser build's CSS files.
module.exports = () => 'export {};';

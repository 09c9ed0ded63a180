// Code passed to page.evaluate() runs in the browser: it is type-checked against the DOM.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />

/** Public site pages: nothing for other modules to use. */
export {};

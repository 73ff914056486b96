/** Health checks: nothing for other modules to use (the area only answers /health). */
export {};

// Public exports of src/soiling (re-exports only).
export {};

// Public exports of src/tmy (re-exports only).
export {};

// Public exports of src/time (re-exports only).
export {};

// Public exports of src/atmosphere (re-exports only).
export {};

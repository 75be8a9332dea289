// Public exports of src/power (re-exports only).
export {};

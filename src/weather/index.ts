// Public exports of src/weather (re-exports only).
export {};

// Public exports of src/tracking (re-exports only).
export {};

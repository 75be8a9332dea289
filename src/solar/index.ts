// Public exports of src/solar (re-exports only).
export {};

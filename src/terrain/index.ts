// Public exports of src/terrain (re-exports only).
export {};

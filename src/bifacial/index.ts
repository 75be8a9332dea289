// Public exports of src/bifacial (re-exports only).
export {};

// Public exports of src/products (re-exports only).
export {};

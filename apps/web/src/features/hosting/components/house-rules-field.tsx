import { RoomTextField, type RoomControl } from './room-text-fields';

/** The room form's check-in and check-out times and its optional house rules, kept as the text typed. */
export function HouseRulesField({ control }: { control: RoomControl }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <RoomTextField control={control} name="checkInTime" />
        <RoomTextField control={control} name="checkOutTime" />
      </div>
      <RoomTextField control={control} name="houseRules" />
    </div>
  );
}

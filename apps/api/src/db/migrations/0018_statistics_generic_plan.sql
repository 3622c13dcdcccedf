-- stats_apply's statement is planned once per connection, not on every booking. Its only parameters are the two
-- arrays of changed rows, whose contents no plan depends on, yet PL/pgSQL's plan cache kept choosing a custom plan
-- and planned the statement again on every call: about 0.5 ms of the database's CPU per booking, a third of the
-- statement's own cost (docs/decisions/038, fourth addendum).
ALTER FUNCTION stats_apply(stats_change[], stats_change[]) SET plan_cache_mode = force_generic_plan;

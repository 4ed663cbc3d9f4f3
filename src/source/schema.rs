//! JSON Schemas of the file formats, written by every family the same way
//! (and checked by its tests against the keys its reader reads).

/// The JSON Schema of `T`, pretty-printed.
pub(crate) fn pretty<T: schemars::JsonSchema>() -> String {
    let schema = schemars::schema_for!(T);
    serde_json::to_string_pretty(&schema).expect("schemas serialise")
}

/// The keys a schema gives an object, by its `$defs` name (`None`: the
/// top level), sorted.
#[cfg(test)]
pub(crate) fn keys(schema: &serde_json::Value, def: Option<&str>) -> Vec<String> {
    let object = match def {
        Some(d) => &schema["$defs"][d],
        None => schema,
    };
    let mut keys: Vec<String> = object["properties"]
        .as_object()
        .unwrap_or_else(|| panic!("{def:?} has properties"))
        .keys()
        .cloned()
        .collect();
    keys.sort();
    keys
}

/// The keys a reader reads, sorted.
#[cfg(test)]
pub(crate) fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

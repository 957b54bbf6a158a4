; Malformed on purpose: the parameter list is cut off.
define i32 @f( {

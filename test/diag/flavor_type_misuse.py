# wp.types.transformation / wp.types.quaternion types take a float dtype.
import warp as wp

transformi = wp.types.transformation(dtype=wp.int32)


@wp.kernel
def bad(out: wp.array(dtype=transformi)):
    pass

# expect: 4:44: the dtype of a transformation must be a float type, not 'int32'
